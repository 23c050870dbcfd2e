import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Contact, type ContactInput, contactSchema } from '#shared/api/contacts.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { parseMessage } from '#client/lib/api-reply.ts';
import { getSessionState, setAuth } from '#client/lib/session/session-store.ts';
import { contactsQueryOptions } from '#client/api/contacts.ts';
import * as apiMessages from '#shared/api-messages.ts';
import { pinGuardedRequest } from '#client/lib/pins/pin-guarded-request.ts';
import { messageText } from '#shared/plain-data.ts';
import type { Language } from '#shared/language.ts';

export async function createContact(input: ContactInput): Promise<Contact> {
  return parseMessage(contactSchema, await apiRequest('POST', '/contacts', { body: input }));
}

/** The list is fetched again, and the session's count (which home's guard reads) goes up. */
export function useCreateContactMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContact,
    onSuccess: () => {
      setAuth({ contacts: getSessionState().auth.contacts + 1 });
      return queryClient.invalidateQueries({ queryKey: contactsQueryOptions().queryKey });
    },
  });
}

/** Resolves with the server's confirmation text. During an alert it asks for the PIN (pin-guarded-request.ts). */
export async function deleteContact(id: string): Promise<string> {
  return messageText(
    await pinGuardedRequest('DELETE', `/contacts/${encodeURIComponent(id)}`),
    apiMessages.contactDeleted,
  );
}

/**
 * The card leaves the cached list at once (home shows the truth even before the
 * list is fetched again) and the session's count goes down. The contact's own
 * query is left to the caller, which removes it once its screen is gone.
 */
export function useDeleteContactMutation() {
  const queryClient = useQueryClient();
  const listKey = contactsQueryOptions().queryKey;
  return useMutation({
    mutationFn: deleteContact,
    onSuccess: (_message, id) => {
      setAuth({ contacts: Math.max(0, getSessionState().auth.contacts - 1) });
      queryClient.setQueryData<Contact[]>(listKey, (list) => list?.filter((contact) => contact.id !== id));
      return queryClient.invalidateQueries({ queryKey: listKey, exact: true });
    },
  });
}

/** Sends a fresh invitation e-mail (the old link stops working); resolves with the server's text. */
export async function inviteContact(id: string): Promise<string> {
  return messageText(
    await apiRequest('POST', `/contacts/${encodeURIComponent(id)}/invite`),
    apiMessages.invitationSent,
  );
}

export function useInviteContactMutation() {
  return useMutation({ mutationFn: inviteContact });
}

/** Unmarking, during an alert, asks for the PIN (pin-guarded-request.ts); marking never does. */
export async function updateContactDetention(id: string, receives: boolean): Promise<Contact> {
  const body = { receives_detention_info: receives };
  return parseMessage(contactSchema, await pinGuardedRequest('PATCH', `/contacts/${encodeURIComponent(id)}`, { body }));
}

/** The contact the server answers replaces the cached one, in its own query and in the list. */
export function useUpdateContactDetentionMutation(id: string) {
  const queryClient = useQueryClient();
  const listKey = contactsQueryOptions().queryKey;
  return useMutation({
    mutationFn: (receives: boolean) => updateContactDetention(id, receives),
    onSuccess: (contact) => {
      queryClient.setQueryData<Contact>([...listKey, id], contact);
      queryClient.setQueryData<Contact[]>(listKey, (list) => list?.map((item) => (item.id === id ? contact : item)));
    },
  });
}

export async function updateContactLanguage(id: string, language: Language): Promise<Contact> {
  return parseMessage(
    contactSchema,
    await apiRequest('PATCH', `/contacts/${encodeURIComponent(id)}`, { body: { language } }),
  );
}

/** The contact the server answers replaces the cached one, in its own query and in the list. */
export function useUpdateContactLanguageMutation(id: string) {
  const queryClient = useQueryClient();
  const listKey = contactsQueryOptions().queryKey;
  return useMutation({
    mutationFn: (language: Language) => updateContactLanguage(id, language),
    onSuccess: (contact) => {
      queryClient.setQueryData<Contact>([...listKey, id], contact);
      queryClient.setQueryData<Contact[]>(listKey, (list) => list?.map((item) => (item.id === id ? contact : item)));
    },
  });
}

/**
 * 'No tengo contactos de emergencia': the server remembers it, so later sessions
 * (a daily refresh, another phone) also count the person as having answered.
 * The app does not wait for it: the local count already lets the person in.
 */
export function declareNoContacts(): void {
  // Offline or failed: the next session asks again, which is harmless.
  apiRequest('POST', '/profile/no-contacts').catch(() => undefined);
}
