import { APP_NAME } from '#shared/constants.ts';

export function Logo({ size = 72 }: { size?: number }) {
  // `src` last: React DOM sets an image's source after its other attributes in the browser, and its
  // server renderer writes them in the order given, so the prerendered screens match the app's.
  return <img alt={APP_NAME} width={size} height={size} src={`${import.meta.env.BASE_URL}logo.svg`} />;
}
