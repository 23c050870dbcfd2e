/** What a template produces; the outbox adds who receives it. */
export type MailContent = { subject: string; text: string; html: string };

export type OutgoingMail = MailContent & { id: number; to: string };
