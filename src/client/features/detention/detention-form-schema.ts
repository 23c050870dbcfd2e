import * as v from 'valibot';
import { detentionInfoSchema } from '#shared/api/detention-info.ts';
import { birthDateToStore } from './birth-date.ts';
import { BIRTH_DATE_INVALID } from './detention-texts.ts';

/**
 * The shared schema of 'Si me detienen', with the birth date as a Spanish speaker writes it
 * (31/05/1990) turned into the stored form (1990-05-31), which is a real day or nothing.
 */
export const detentionFormSchema = v.object({
  ...detentionInfoSchema.entries,
  birth_date: v.pipe(
    v.optional(v.string(), ''),
    v.transform(birthDateToStore),
    v.check((value) => value !== undefined, BIRTH_DATE_INVALID),
    v.transform((value) => value ?? ''),
  ),
});
