import { SigninForm } from './signin-form.tsx';

export function SigninScreen() {
  return (
    <>
      <h1>Iniciar sesión</h1>
      <p className="muted">Escribe tu correo y te enviaremos un código de 4 dígitos.</p>
      <SigninForm />
    </>
  );
}
