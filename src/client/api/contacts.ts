import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Contact } from '#shared/api/contacts.ts';
import * as apiMessages from '#shared/api-messages.ts';
import { LANGUAGES } from '#shared/language.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { ApiError } from '#client/lib/api-error.ts';
import {
  isBoolean,
  isNumber,
  isString,
  nullable,
  oneOf,
  readObject,
  successMessage,
  type Shape,
} from '#shared/plain-data.ts';
import { queryRoots } from '#client/lib/query-client.ts';

// The person's contacts, the list and each one: one query key, one reader.

/** contactSchema of src/shared/api/contacts.ts, read with src/shared/plain-data.ts: home's first frame reads the list. */
const contactShape: Shape<Contact> = {
  id: isString,
  firstname: isString,
  lastname: isString,
  email: isString,
  phone: isString,
  kinship: isString,
  language: oneOf(LANGUAGES),
  email_verified_at: nullable(isString),
  unsubscribed_at: nullable(isString),
  invitation_pending_until: nullable(isString),
  created_at: isString,
  push_phones: isNumber,
  receives_detention_info: (value): value is boolean | undefined => value === undefined || isBoolean(value),
};

/** The contacts of a reply (as parseMessage(contactListSchema) reads them): a wrong shape is an error, never data on screen. */
export function readContacts(data: unknown): Contact[] {
  const list = successMessage(data);
  const contacts = Array.isArray(list) ? list.map((item) => readObject(contactShape, item)) : [undefined];
  if (!contacts.every((contact) => contact !== undefined)) throw new ApiError(200, data, apiMessages.serverError);
  return contacts;
}

/** One contact of a reply, read as the list's: a wrong shape is an error. */
function readContact(data: unknown): Contact {
  const contact = readObject(contactShape, successMessage(data));
  if (!contact) throw new ApiError(200, data, apiMessages.serverError);
  return contact;
}

export async function getContacts(): Promise<Contact[]> {
  return readContacts(await apiRequest('GET', '/contacts'));
}

/** How often a screen showing the list asks again while a contact has still to confirm. */
export const CONFIRMATION_POLL_MS = 5_000;

/** A contact who can still confirm (an opted-out one cannot): until then home and the alert screen say nobody is told. */
function awaitsConfirmation(contacts: unknown): boolean {
  // Read outside any screen's error boundary: a cache of another shape (another version) must not throw here.
  return (
    Array.isArray(contacts) &&
    contacts.some((contact: Partial<Contact> | null) => !contact?.email_verified_at && !contact?.unsubscribed_at)
  );
}

/**
 * The person's contacts; persisted encrypted, so home shows them offline. A contact confirms on
 * their own phone, and 'nadie recibirá' must go the moment it is no longer true: while one can
 * still confirm, the screens that show the list ask again every few seconds (only while visible),
 * and on coming back to the app even when the list is fresh.
 */
export function contactsQueryOptions() {
  return queryOptions({
    queryKey: [queryRoots.contacts],
    queryFn: getContacts,
    networkMode: 'offlineFirst',
    refetchInterval: (query) => (awaitsConfirmation(query.state.data) ? CONFIRMATION_POLL_MS : false),
    refetchOnWindowFocus: (query) => (awaitsConfirmation(query.state.data) ? 'always' : true),
  });
}

export function useContacts() {
  return useQuery(contactsQueryOptions());
}

export async function getContact(id: string): Promise<Contact> {
  return readContact(await apiRequest('GET', `/contacts/${encodeURIComponent(id)}`));
}

/**
 * One contact. Given the query client, it starts from the card already in the
 * cached list (and refreshes it in the background), so a tapped card opens at
 * once, offline too.
 */
export function contactQueryOptions(id: string, queryClient?: QueryClient) {
  const listKey = contactsQueryOptions().queryKey;
  return queryOptions({
    queryKey: [...listKey, id],
    queryFn: () => getContact(id),
    networkMode: 'offlineFirst',
    initialData: () => queryClient?.getQueryData(listKey)?.find((contact) => contact.id === id),
    initialDataUpdatedAt: () => queryClient?.getQueryState(listKey)?.dataUpdatedAt,
  });
}

export function useContact(id: string) {
  return useQuery(contactQueryOptions(id, useQueryClient()));
}
