/** Placeholder: the new-contact form comes with the contacts issue. */
export function ContactPage() {
  return <h1>Agregar Contacto</h1>;
}
