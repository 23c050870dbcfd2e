import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authedRoute } from './authed.ts';

export const contactDetailRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: 'contact/$contactId',
  staticData: { title: 'Contacto' },
  // A head start (also on hover of a card), never awaited: the screen shows its own loading state.
  // Imported here, not at the top, so the contact code stays out of the first download (home's budget).
  loader: ({ context, params }) => {
    import('#client/api/contacts.ts')
      .then(({ contactQueryOptions }) =>
        context.queryClient.ensureQueryData(contactQueryOptions(params.contactId, context.queryClient)),
      )
      .catch(() => undefined);
  },
  component: lazyRouteComponent(() => import('./-components/contact-detail-page.tsx'), 'ContactDetailPage'),
});
