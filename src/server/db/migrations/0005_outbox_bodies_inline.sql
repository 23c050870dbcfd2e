-- An e-mail waiting in the outbox (about 3.5 kB: subject, text and HTML) stays in its row
-- as written: above the default 2 kB, PostgreSQL compressed every body with pglz as an SOS
-- wrote it, about a fifth of the CPU of starting an alert (issue 7), for a row whose
-- bodies are emptied once the e-mail is sent. Longer rows are still compressed.
ALTER TABLE "outbox" SET (toast_tuple_target = 8160);
