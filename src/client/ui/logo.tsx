import { APP_NAME } from '#shared/constants.ts';

export function Logo({ size = 72 }: { size?: number }) {
  return <img src={`${import.meta.env.BASE_URL}logo.svg`} alt={APP_NAME} width={size} height={size} />;
}
