import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireView } from '../guards.ts';
import { mainLayoutRoute } from './main-layout.ts';

export const contactDetailRoute = createRoute({
  getParentRoute: () => mainLayoutRoute,
  path: 'contact/$contactId',
  staticData: { title: 'Contacto' },
  beforeLoad: requireView,
  // A head start (also on hover of a card), never awaited: the screen shows its own loading state.
  // Imported here, not at the top, so the contact code stays out of the first download (home's budget).
  loader: ({ context, params }) => {
    import('#client/features/contacts/api/get-contact.ts')
      .then(({ contactQueryOptions }) =>
        context.queryClient.ensureQueryData(contactQueryOptions(params.contactId, context.queryClient)),
      )
      .catch(() => undefined);
  },
  component: lazyRouteComponent(() => import('./-components/contact-detail-page.tsx'), 'ContactDetailPage'),
});
