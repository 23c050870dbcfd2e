/** Placeholder: the profile form comes with the profile issue. */
export function ProfilePage() {
  return <h1>Perfil</h1>;
}
