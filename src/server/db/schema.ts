import { sql } from 'drizzle-orm';
import { alertEventActors } from '#shared/alert-event-kinds.ts';
import { CONTACTS_TOLD } from '#shared/alert-status.ts';
import type { AlertEventCaseLine, AlertEventKind } from '#shared/alert-event-kinds.ts';
import { deskActions, deskOutcomes } from '#shared/api/desk.ts';
import type { Language } from '#shared/language.ts';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A contact's details as the person typed them when adding it again after a duress deletion (contacts.shown_as). */
export type ShownContactDetails = {
  firstname: string;
  lastname: string;
  phone: string;
  kinship: string;
  language: Language;
  /** When the contact confirmed again (ISO), as the person is shown it; absent until then. */
  confirmedAt?: string;
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Always stored lower-case (the shared email field normalises it), so a plain unique index suffices.
    email: text('email').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    phone: text('phone').notNull(),
    alertStatus: boolean('alert_status').notNull().default(false),
    /** Set when the person said they have no emergency contacts (SPEC.md section 4, first contact). */
    noContactsAt: tz('no_contacts_at'),
    /**
     * The optional PINs (src/server/security/pin-check.ts): keyed scrypt hashes with their own salt
     * each, never the PINs; which column holds the real one only SECRET tells (pin-slots.ts). Both
     * set or both null.
     */
    pinHashA: text('pin_hash_a'),
    pinHashB: text('pin_hash_b'),
    /** Wrong PINs since the last right one or the last lockout; the fifth locks every PIN route until `pin_locked_until`. */
    pinFailures: smallint('pin_failures').notNull().default(0),
    pinLockedUntil: tz('pin_locked_until'),
    /**
     * 'Borrar cuenta' asked for while the contacts were being told (an alert or a check-in on):
     * the account goes once they no longer are (src/server/profile/deferred-deletion.ts).
     */
    deletionRequestedAt: tz('deletion_requested_at'),
    /**
     * The alert never ended for real: when the contacts were told that the account is
     * being deleted; it goes once those e-mails have left (deferred-deletion.ts).
     */
    deletionNoticeAt: tz('deletion_notice_at'),
    /**
     * PINs the person was seen to change or delete with the duress PIN (src/server/pins/routes.ts):
     * from `pins_shown_at` on, the person's screens show this pair (both null: no PINs), both
     * PINs of it act as the duress PIN, and the real pair above keeps protecting the contacts.
     */
    shownPinHash: text('shown_pin_hash'),
    shownOtherPinHash: text('shown_other_pin_hash'),
    pinsShownAt: tz('pins_shown_at'),
    /**
     * 'Cerrar las demás sesiones' answered with the duress PIN (src/server/profile/session-routes.ts):
     * the sign-in that asked, and when. Its list no longer shows the sessions begun before then,
     * which stay open, as a real close would have shown it.
     */
    sessionsShownClosedBy: uuid('sessions_shown_closed_by'),
    sessionsShownClosedAt: tz('sessions_shown_closed_at'),
    /**
     * 'Si me detienen' replaced or deleted with the duress PIN (src/server/detention): what the
     * person is shown from then on (sealed as detention_infos.sealed is; null: none), while the
     * contacts keep the real one. Set when `detention_shown_at` is; a real change clears both.
     */
    detentionShownSealed: text('detention_shown_sealed'),
    detentionShownAt: tz('detention_shown_at'),
    /**
     * 'Compartir mis alertas con {FIRM_NAME}' turned on (src/server/desk/consent.ts): only then, and
     * only while an alert is on, does the firm's desk see the person. Null: the desk never sees them.
     */
    firmConsentAt: tz('firm_consent_at'),
    /**
     * Consent turned off with the duress PIN while the contacts were being told: the person is shown
     * it off from then on, the desk keeps seeing the alert. A real change clears it.
     */
    firmConsentShownOffAt: tz('firm_consent_shown_off_at'),
    /**
     * The person chose the firm to receive the 'Si me detienen' information, as a contact can be
     * chosen (only with consent, only inside an alert). Shown off after a duress PIN as above.
     */
    firmDetentionInfoAt: tz('firm_detention_info_at'),
    firmDetentionShownOffAt: tz('firm_detention_shown_off_at'),
    /** The person answered the one offer of consent after signup (either way): it is not offered again. */
    firmConsentAskedAt: tz('firm_consent_asked_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    kinship: text('kinship').notNull(),
    /** The language of every e-mail and page this contact gets (LANGUAGES). */
    language: text('language').$type<Language>().notNull().default('es'),
    emailVerifiedAt: tz('email_verified_at'),
    /** 'Enviarle mi información «Si me detienen» cuando haya una alerta': only then do the person's alert e-mails carry it (src/server/detention). */
    receivesDetentionInfo: boolean('receives_detention_info').notNull().default(false),
    /**
     * Deleted, or unmarked from the detention information, with the duress PIN
     * (src/server/contacts/routes.ts): the person is shown the change, the contact
     * keeps being told as before.
     */
    shownDeletedAt: tz('shown_deleted_at'),
    shownWithoutDetentionAt: tz('shown_without_detention_at'),
    /**
     * Added again by the person after a duress deletion: the person is shown a
     * new contact (this id, these details, added now, to be confirmed again), as
     * a real deletion then the same addition would show; the contact keeps being
     * told as before, in the language they had. Cleared, with the other shown
     * states, when nothing is on any more (src/server/security/shown-states.ts).
     */
    shownId: uuid('shown_id'),
    shownAddedAt: tz('shown_added_at'),
    shownAs: jsonb('shown_as').$type<ShownContactDetails>(),
    /**
     * When the invitation was due to leave, if the invitation limits pushed it
     * later than the contact's creation: until then the contact shows
     * 'Invitación pendiente' (contacts/invitation-slots.ts).
     */
    invitationDueAt: tz('invitation_due_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('contacts_user_email_key').on(t.userId, t.email),
    check('contacts_language', sql`${t.language} in ('es', 'en', 'pt', 'ht')`),
  ],
);

/**
 * One live secret per (target, type), as in epic-stack: a new code replaces the
 * old one, use deletes it. `code_hash` is HMAC-SHA256 keyed with SECRET, so a
 * leaked table does not reveal codes (4 digits would fall to a plain hash at once).
 */
export const verifications = pgTable(
  'verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    sentAt: tz('sent_at').notNull(),
    expiresAt: tz('expires_at').notNull(),
  },
  // Links are looked up by the hash of the token they carry.
  (t) => [
    unique('verifications_type_target_key').on(t.type, t.target),
    index('verifications_code_hash_idx').on(t.codeHash),
  ],
);

/**
 * One row per (user, contact address) that has been sent a link: the hash of
 * its stable unsubscribe token and, once the address opts out, when. Keyed by
 * address rather than by contact row, so that deleting and re-adding a contact
 * cannot undo an opt-out.
 */
export const optOuts = pgTable(
  'opt_outs',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: tz('created_at').notNull(),
    unsubscribedAt: tz('unsubscribed_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.email] }), uniqueIndex('opt_outs_token_hash_key').on(t.tokenHash)],
);

/**
 * One row per issued token pair. Rotation adds a row in the same family and marks
 * the old one rotated. Only SHA-256 hashes of tokens are stored (they are 32
 * random bytes, so a fast hash is enough). See auth/refresh.ts for `successor_sealed`.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    accessHash: text('access_hash').notNull().unique(),
    refreshHash: text('refresh_hash').notNull().unique(),
    issuedAt: tz('issued_at').notNull(),
    expiresAt: tz('expires_at').notNull(),
    rotatedAt: tz('rotated_at'),
    successorSealed: text('successor_sealed'),
    revokedAt: tz('revoked_at'),
    /**
     * The family's device, coarse ('Chrome en Android', auth/device-name.ts) and
     * when the family began: both copied on rotation, so the newest row of a
     * family describes the whole session in the profile's list.
     */
    device: text('device'),
    startedAt: tz('started_at'),
    /** Last signed-in request with this row's access token, kept to the nearest few minutes (auth/bearer.ts). */
    lastUsedAt: tz('last_used_at'),
  },
  (t) => [index('sessions_family_idx').on(t.familyId), index('sessions_user_idx').on(t.userId)],
);

/** Fixed-window counters, in the database so that every instance counts the same hits. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: tz('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limits_window_idx').on(t.windowStart)],
);

/**
 * 'cancelled': an alert's message that had not left when the person ended the
 * alert, withdrawn with the end (src/server/alerts/withdraw-unsent.ts).
 */
export const outboxStatus = ['pending', 'sent', 'failed', 'cancelled'] as const;
export type OutboxStatus = (typeof outboxStatus)[number];

/**
 * Every e-mail is a row first, written in the transaction that caused it; the
 * worker sends it later. Bodies are cleared once sent (they may hold codes and
 * positions); `last_error` holds the error class and SMTP reply code only.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    /** Whose e-mail this is (none for sign-in codes): deleting the account deletes its mail too. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    text: text('text'),
    html: text('html'),
    /**
     * Instead of the bodies: the data of `kind`, as JSON, parsed with the kind's
     * schema and rendered when the message is sent (src/server/messages/kinds.ts).
     * Rows the versions before it wrote with their bodies have none, and send as stored.
     */
    templateData: text('template_data'),
    /**
     * The alert a message of an alert's kind belongs to, kept once the data is
     * cleared: an end withdraws that alert's messages that have not left yet.
     * No foreign key: the row goes with its account, as the alert does.
     */
    alertId: uuid('alert_id'),
    status: text('status', { enum: outboxStatus }).notNull().default('pending'),
    /**
     * Lower goes first (src/server/messages/priority.ts, each kind's in kinds.ts): the worker claims by
     * priority, then by due time. Every insert of ours says where it stands; the
     * default (first) is for a server of the previous version still running
     * during an upgrade, whose inserts must not fail: too early beats never.
     */
    priority: smallint('priority').notNull().default(0),
    /**
     * The row's turn among its account's rows still waiting for the same
     * recipient in the same lane: 0 when none waits, else one more than the
     * last of them (set on insert by the trigger outbox_take_turn, for every
     * kind and every way of queueing). Within a lane the worker claims turn 0
     * of everyone before anyone's turn 1: a person's first e-mail to each
     * contact never waits behind another account's backlog, and an alert's
     * start goes before its own end.
     */
    turn: integer('turn').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    /**
     * When a sender last took the row, committed before it hands the message
     * over: from then on the message may have left, even if the sender dies
     * before recording it, so an end never withdraws it (src/server/alerts/withdraw-unsent.ts).
     */
    claimedAt: tz('claimed_at'),
    /**
     * The database connection (backend pid) of the sender that holds the row
     * now; none once its attempt is recorded. Other senders leave the row alone
     * while that connection lives (a dead sender's connection dies with it).
     */
    claimedBy: integer('claimed_by'),
    nextAttemptAt: tz('next_attempt_at').notNull(),
    lastError: text('last_error'),
    createdAt: tz('created_at').notNull(),
    sentAt: tz('sent_at'),
  },
  (t) => [
    index('outbox_due_idx')
      .on(t.priority, t.turn, t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('outbox_user_idx').on(t.userId),
    index('outbox_alert_idx')
      .on(t.alertId, t.recipient)
      .where(sql`${t.alertId} is not null`),
    // Where the trigger finds the last waiting row of the account to the recipient.
    index('outbox_waiting_turn_idx')
      .on(t.userId, t.recipient, t.priority, t.turn)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export const alertStates = ['active', 'ended'] as const;

/**
 * One row per SOS (DESIGN.md section 3). `pressed_at` is the phone's clock at the
 * press (what contacts are told); `started_at` is when the server heard of it.
 * At most one active alert per person, enforced by a partial unique index.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: alertStates }).notNull().default('active'),
    timezone: text('timezone').notNull(),
    latitude: text('latitude').notNull().default(''),
    longitude: text('longitude').notNull().default(''),
    /** How far off the phone said the last position may be, in metres; null when it did not say. */
    accuracy: integer('accuracy'),
    pressedAt: tz('pressed_at').notNull(),
    startedAt: tz('started_at').notNull(),
    /** When a position first reached an alert that started without one. */
    positionAt: tz('position_at'),
    endedAt: tz('ended_at'),
    endPressedAt: tz('end_pressed_at'),
    /** 'missed-check-in': the server started it when a check-in fell due (src/server/check-ins). */
    trigger: text('trigger', { enum: ['press', 'missed-check-in'] })
      .notNull()
      .default('press'),
    checkInId: uuid('check_in_id'),
    /**
     * Ended with the duress PIN: the person is told it ended, the contacts that it
     * goes on. The row stays 'active' (reminders, 'Lo tengo'); only the person's
     * replies read this (src/server/alerts/duress-end.ts).
     */
    endedByDuressAt: tz('ended_by_duress_at'),
    /**
     * Shown to the person from this moment while `ended_by_duress_at` tells the contacts it may be
     * forced (src/server/alerts/lifecycle.ts, 'revealed'): the fresh alert a check-in extended with
     * the duress PIN starts at the deadline the person was shown, as a real extension's starts then.
     * (Before, the hidden alert itself was shown again from this moment.)
     */
    shownAgainAt: tz('shown_again_at'),
    /**
     * What the end's reply told the person (`contacts_told`, src/shared/end-news-texts.ts), kept until
     * the person has read it (`end_news_seen_at`): an end the service worker sent after the page
     * closed is told when the app opens next (src/server/alerts/end-news.ts). A duress end keeps what a
     * real end would have, as its reply says it. Null: nothing to tell (nobody to tell, or no end yet).
     */
    endNews: text('end_news', { enum: CONTACTS_TOLD }),
    endNewsSeenAt: tz('end_news_seen_at'),
  },
  (t) => [
    uniqueIndex('alerts_one_active_per_user')
      .on(t.userId)
      .where(sql`${t.status} = 'active'`),
    index('alerts_user_idx').on(t.userId),
    check('alerts_end_news', sql`${t.endNews} in ('none', 'some', 'all')`),
  ],
);

/** What a request kept under its Idempotency-Key asked for: an SOS button's press or end, or a check-in's start or change. */
export const requestKinds = ['alert', 'check-in'] as const;
export type RequestKind = (typeof requestKinds)[number];

/**
 * Idempotency keys of the requests the phone's queue may send twice (the SOS
 * button's and the check-in's, src/server/requests/idempotency.ts): the first
 * answer is kept and given again to every replay of the same (user, kind, key),
 * so a press sent twice is still one alert and a check-in started twice is one.
 * The kind is part of the key: an SOS's key never answers a check-in's request.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<RequestKind>().notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Keyed hash of the validated body: the same key with another body is refused. */
    bodyHash: text('body_hash').notNull(),
    reply: jsonb('reply'),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.idempotencyKey] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
    check('idempotency_keys_kind', sql`${t.kind} in ('alert', 'check-in')`),
  ],
);

/**
 * A practice alert: the SOS path end to end, e-mails marked PRUEBA,
 * recorded here and never as an alert. `request_key` is the Idempotency-Key of
 * the request that started it, so the page knows which of its presses it is.
 */
export const practiceAlerts = pgTable(
  'practice_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestKey: text('request_key').notNull(),
    timezone: text('timezone').notNull(),
    latitude: text('latitude').notNull().default(''),
    longitude: text('longitude').notNull().default(''),
    pressedAt: tz('pressed_at').notNull(),
    startedAt: tz('started_at').notNull(),
  },
  (t) => [index('practice_alerts_user_started_idx').on(t.userId, t.startedAt)],
);

/**
 * One row per e-mail an alert or a practice sent to a confirmed contact:
 * the outbox row that carries it (whose status says whether the mail
 * server took it), the SHA-256 of the contact's 'Lo tengo' token, and when they
 * acknowledged. The token itself is derived (HMAC with SECRET), never stored.
 */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * Whose alert. No foreign key of its own: the row goes with its alert or
     * practice, which go with the account; one index and one check fewer on the
     * SOS transaction's insert.
     */
    userId: uuid('user_id').notNull(),
    alertId: uuid('alert_id').references(() => alerts.id, { onDelete: 'cascade' }),
    practiceId: uuid('practice_id').references(() => practiceAlerts.id, { onDelete: 'cascade' }),
    contactEmail: text('contact_email').notNull(),
    /** The contact's name when the alert went out: the lists read well even after the contact is deleted. */
    contactFirstname: text('contact_firstname').notNull(),
    contactLastname: text('contact_lastname').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** No foreign key: the outbox is the mail worker's table, and a withdrawn e-mail reads as not sent. */
    outboxId: bigint('outbox_id', { mode: 'number' }),
    acknowledgedAt: tz('acknowledged_at'),
    /** When a push service first took one of this alert's phone notifications for the contact (src/server/push). */
    pushSentAt: tz('push_sent_at'),
    remindedAt: tz('reminded_at'),
    /**
     * A practice answered with nothing sent (after a duress end, src/server/alerts/lifecycle.ts):
     * no e-mail exists (no outbox row); the person is shown it left at this moment.
     */
    shownSentAt: tz('shown_sent_at'),
    createdAt: tz('created_at').notNull(),
    expiresAt: tz('expires_at').notNull(),
  },
  (t) => [
    check('alert_deliveries_one_subject', sql`num_nonnulls(${t.alertId}, ${t.practiceId}) = 1`),
    uniqueIndex('alert_deliveries_token_hash_key').on(t.tokenHash),
    // Partial: an alert's row is not indexed as a practice's, nor the other way round.
    uniqueIndex('alert_deliveries_alert_email_key')
      .on(t.alertId, t.contactEmail)
      .where(sql`${t.alertId} is not null`),
    uniqueIndex('alert_deliveries_practice_email_key')
      .on(t.practiceId, t.contactEmail)
      .where(sql`${t.practiceId} is not null`),
  ],
);

/**
 * Reminder rounds claimed per alert: the primary key is the claim, so
 * two server instances never send the same round twice.
 */
export const alertReminders = pgTable(
  'alert_reminders',
  {
    alertId: uuid('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    round: smallint('round').notNull(),
    claimedAt: tz('claimed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.round] })],
);

/**
 * A contact's phone that asked for Web Push notifications of alerts
 * (src/server/push): the browser's push endpoint and the keys the payload is
 * encrypted with. Goes with its contact (and so with the account). One row per
 * (contact, endpoint): subscribing again from the same browser updates it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [uniqueIndex('push_subscriptions_contact_endpoint_key').on(t.contactId, t.endpoint)],
);

/**
 * What the migration to bare e-mail addresses did to rows written before the
 * API refused anything else (docs/operations.md): one line per row it
 * normalised, merged, disabled or could only keep. Nothing reads it; operators
 * review it and delete the lines they have dealt with.
 */
export const addressReview = pgTable('address_review', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tableName: text('table_name').notNull(),
  rowKey: text('row_key').notNull(),
  action: text('action').notNull(),
  oldEmail: text('old_email').notNull(),
  newEmail: text('new_email'),
  reviewedAt: tz('reviewed_at').notNull().defaultNow(),
});

export const checkInStates = ['running', 'closed', 'fired'] as const;

/**
 * 'Avísales si no vuelvo' (src/server/check-ins): a deadline the server watches.
 * A running row whose due time plus the grace has passed is claimed FOR UPDATE
 * SKIP LOCKED and fired in the transaction that writes its alert, so it fires
 * once across instances and restarts. At most one running per person.
 */
export const checkIns = pgTable(
  'check_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    place: text('place').notNull().default(''),
    dueAt: tz('due_at').notNull(),
    /** The phone's IANA zone: contacts read the deadline in it. */
    timezone: text('timezone').notNull(),
    /** The last position the app sent while it ran ('' when none). */
    latitude: text('latitude').notNull().default(''),
    longitude: text('longitude').notNull().default(''),
    status: text('status', { enum: checkInStates }).notNull().default('running'),
    /** When the reminder e-mail to the person was queued for the current deadline. */
    remindedAt: tz('reminded_at'),
    firedAt: tz('fired_at'),
    firedAlertId: uuid('fired_alert_id'),
    closedAt: tz('closed_at'),
    /** Closed or extended with the duress PIN: fired at once, shown to the person as closed or extended (src/server/check-ins/routes.ts). */
    duressAt: tz('duress_at'),
    /** After a duress 'extend': the deadline the person was shown, until which their view shows the check-in running. */
    duressDueAt: tz('duress_due_at'),
    /** After a duress 'extend': the check-in worker reached that shown deadline, and the person is shown it fired, with its alert. */
    shownFiredAt: tz('shown_fired_at'),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('check_ins_one_running_per_user')
      .on(t.userId)
      .where(sql`${t.status} = 'running'`),
    index('check_ins_due_idx')
      .on(t.dueAt)
      .where(sql`${t.status} = 'running'`),
    index('check_ins_user_idx').on(t.userId),
  ],
);

/**
 * 'Si me detienen' (src/server/detention): AES-256-GCM under a key derived from
 * SECRET; the database never holds it in clear. Goes with the account.
 */
export const detentionInfos = pgTable('detention_infos', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealed: text('sealed').notNull(),
  updatedAt: tz('updated_at').notNull(),
});

/**
 * Append-only: one row per event of a person's alerts, check-ins and practices
 * (src/server/alerts/alert-events.ts), written in the transaction of the event
 * itself, whatever number of alerts it concerns (docs/decisions/040). `detail` is
 * small and never holds a PIN, a token, an address or a position. Goes with the
 * account and the check-in, and with the retention purge (src/server/retention/prune.ts).
 */
export const alertEvents = pgTable(
  'alert_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Every alert the event concerns (an array holds no foreign key: alerts go only with their
    // account, and the account takes its events with it).
    alertIds: uuid('alert_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    checkInId: uuid('check_in_id').references(() => checkIns.id, { onDelete: 'cascade' }),
    actor: text('actor', { enum: alertEventActors }).notNull(),
    kind: text('kind').$type<AlertEventKind>().notNull(),
    at: tz('at').notNull(),
    detail: jsonb('detail').$type<Record<string, string | number | boolean>>(),
    // A combined event only: its lines on each alert's case. Null: the event reads as itself on each.
    lines: jsonb('lines').$type<AlertEventCaseLine[]>(),
  },
  (t) => [
    // A case timeline reads the events concerning one alert.
    index('alert_events_alert_ids_idx').using('gin', t.alertIds),
    index('alert_events_user_idx').on(t.userId),
    index('alert_events_check_in_idx').on(t.checkInId),
    index('alert_events_at_idx').on(t.at),
  ],
);

/**
 * The firm's people at the response desk (src/server/staff). Not `users`: a staff member is
 * no client, and a client's session opens nothing of the desk. Removing keeps the row (its id
 * is named in the alerts' events and the audit log) and ends its sessions and passkeys.
 */
export const staff = pgTable('staff', {
  id: uuid('id').primaryKey().defaultRandom(),
  // Always stored lower-case, like users.email.
  email: text('email').notNull().unique(),
  role: text('role', { enum: ['responder', 'admin'] }).notNull(),
  onCall: boolean('on_call').notNull().default(false),
  createdAt: tz('created_at').notNull(),
  removedAt: tz('removed_at'),
});

/**
 * A staff member's phone (or computer) that asked for the desk's phone notifications
 * (src/server/desk/staff-push-subscriptions.ts): as a contact's (push_subscriptions), one row
 * per (staff member, endpoint). Removing a staff member deletes theirs with their passkeys.
 */
export const staffPushSubscriptions = pgTable(
  'staff_push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: tz('created_at').notNull(),
  },
  (t) => [uniqueIndex('staff_push_subscriptions_staff_endpoint_key').on(t.staffId, t.endpoint)],
);

/** A staff member's WebAuthn credentials: the only way into the desk once the first one is enrolled. */
export const staffPasskeys = pgTable(
  'staff_passkeys',
  {
    /** The credential ID, base64url, as the browser returns it. */
    id: text('id').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    /** COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>(),
    createdAt: tz('created_at').notNull(),
    lastUsedAt: tz('last_used_at'),
  },
  (t) => [index('staff_passkeys_staff_idx').on(t.staffId)],
);

/**
 * Desk sessions (src/server/staff/staff-sessions.ts): only the SHA-256 of the token; 12 hours
 * at most and 30 minutes idle, so a desk left open on a shared computer closes itself.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: tz('created_at').notNull(),
    lastSeenAt: tz('last_seen_at').notNull(),
    expiresAt: tz('expires_at').notNull(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * WebAuthn challenges of the desk's passkey ceremonies (src/server/staff/passkeys.ts), each used
 * once: the answer to one is checked against the row it deletes, so a replayed answer finds none.
 * `staff_id` is set for an enrolment (the code already said who it is), null for a sign-in.
 */
export const staffChallenges = pgTable('staff_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  challenge: text('challenge').notNull(),
  purpose: text('purpose', { enum: ['enrol', 'signin'] }).notNull(),
  staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
  expiresAt: tz('expires_at').notNull(),
});

/**
 * The desk's case of one alert (src/server/desk/claims.ts): who attends it, and how it was closed.
 * One row per alert, made by the first 'Atender', so two staff racing get one winner.
 */
export const deskCases = pgTable('desk_cases', {
  alertId: uuid('alert_id')
    .primaryKey()
    .references(() => alerts.id, { onDelete: 'cascade' }),
  claimedBy: uuid('claimed_by')
    .notNull()
    .references(() => staff.id),
  claimedAt: tz('claimed_at').notNull(),
  closedBy: uuid('closed_by').references(() => staff.id),
  closedAt: tz('closed_at'),
  outcome: text('outcome', { enum: deskOutcomes }),
  closeNote: text('close_note'),
});

/** Staff notes and logged actions on a case; its timeline line is an alert_events row that points here. */
export const deskNotes = pgTable(
  'desk_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    alertId: uuid('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id),
    action: text('action', { enum: deskActions }),
    text: text('text').notNull(),
    at: tz('at').notNull(),
  },
  (t) => [index('desk_notes_alert_idx').on(t.alertId, t.at)],
);

/**
 * Every search, look-up in 'Registro' and case opened at the desk (src/server/desk/audit.ts). Append-only: a trigger
 * refuses UPDATE, DELETE and TRUNCATE. No foreign keys, so that no deletion elsewhere can reach it.
 * It names no client: what was searched and which case was opened are kept as keyed fingerprints
 * (docs/decisions/035-desk-audit-fingerprints.md), so a row outlives the person without naming them.
 */
export const deskAudit = pgTable(
  'desk_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: tz('at').notNull(),
    /** Null for the operator's `npm run staff` on the server (no desk session behind it). */
    staffId: uuid('staff_id'),
    staffEmail: text('staff_email').notNull(),
    action: text('action', { enum: ['search', 'lookup', 'case-opened', 'staff-removed'] }).notNull(),
    /** 'staff-removed': the address of the staff member removed (staff, never a client). */
    subjectEmail: text('subject_email'),
    /** The keyed fingerprint of what was searched or looked up (name or phone), never the text. */
    queryHash: text('query_hash'),
    /** The keyed fingerprint of the case opened, never its id. */
    alertRef: text('alert_ref'),
    /** How many clients a search found; how many searches a look-up found. */
    results: integer('results'),
  },
  (t) => [
    index('desk_audit_at_idx').on(t.at),
    index('desk_audit_query_hash_idx').on(t.queryHash),
    // A case's reads are folded by the staff member's last line for it (desk/audit.ts).
    index('desk_audit_case_opened_idx').on(t.staffId, t.alertRef, t.at),
  ],
);

/**
 * Which alert a 'case-opened' line of the audit is about, while that alert is kept: it goes with the
 * alert (the account's deletion) and with the retention purge; the audit line stays, nameless.
 */
export const deskAuditCases = pgTable(
  'desk_audit_cases',
  {
    auditId: bigint('audit_id', { mode: 'number' }).primaryKey(),
    alertId: uuid('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
  },
  (t) => [index('desk_audit_cases_alert_idx').on(t.alertId)],
);

/**
 * The desk's escalation of an alert nobody attended (src/server/desk/escalation.ts):
 * one row per (alert, round), inserted in the transaction that queues the
 * round's messages, so that with several instances each round is sent once.
 * Round 1 goes to the staff on call (or every responder), round 2 to every admin.
 */
export const deskEscalations = pgTable(
  'desk_escalations',
  {
    alertId: uuid('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    round: smallint('round').notNull(),
    claimedAt: tz('claimed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.round] })],
);
