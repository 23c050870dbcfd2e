// The kinship options of SPEC.md section 3, in its order. The select shows
// KINSHIP_PLACEHOLDER as its empty first option.

export const KINSHIP_PLACEHOLDER = 'Seleccione un parentesco';

export const KINSHIPS = [
  'Padre',
  'Madre',
  'Hijo',
  'Hija',
  'Hermano',
  'Hermana',
  'Abuelo',
  'Abuela',
  'Nieto',
  'Nieta',
  'Tío',
  'Tía',
  'Sobrino',
  'Sobrina',
  'Primo',
  'Prima',
  'Esposo',
  'Esposa',
  'Padrastro',
  'Madrastra',
  'Hijastro',
  'Hijastra',
  'Cuñado',
  'Cuñada',
  'Suegro',
  'Suegra',
  'Yerno',
  'Nuera',
  'Compadre',
  'Comadre',
  'Amigo',
  'Amiga',
  'Conocido',
  'Conocida',
  'Pareja',
  'Otro',
] as const;

export type Kinship = (typeof KINSHIPS)[number];
