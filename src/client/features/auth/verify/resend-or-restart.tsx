import { MAX_CODE_ERRORS } from '#shared/constants.ts';
import { showToast } from '#client/ui/toast-store.ts';
import { useResendCodeMutation } from '#client/api/auth.ts';
import { useSignOut } from '#client/features/auth/sign-out/use-sign-out.ts';
import '#client/ui/form-controls.css';
import './verify.css';

interface Props {
  email: string;
  errorCount: number;
  onServerError: () => void;
}

/** While errors are few, offer a new code; after that, starting over is the way out. */
export function ResendOrRestart({ email, errorCount, onServerError }: Props) {
  const resend = useResendCodeMutation();
  const signOut = useSignOut();

  if (errorCount > MAX_CODE_ERRORS) {
    return (
      <button
        type="button"
        className="button button--ghost button--block resend-or-restart"
        onClick={() => void signOut()}
      >
        Ir a Login
      </button>
    );
  }

  return (
    <p className="resend-or-restart">
      ¿No te llegó el código?{' '}
      <button
        type="button"
        className="link-button"
        disabled={resend.isPending}
        onClick={() =>
          resend.mutate(
            { email },
            {
              onSuccess: (reply) =>
                showToast({ message: typeof reply.message === 'string' ? reply.message : 'Código enviado' }),
              onError: (error) => {
                onServerError();
                showToast({ message: error.message, variant: 'danger' });
              },
            },
          )
        }
      >
        Reenviar código
      </button>
    </p>
  );
}
