-- Hand-written (re-append after regenerating): the desk feed's trigger (0025) notifies only lines of
-- people who share their alerts with the firm. A line saying they just stopped sharing
-- ('firm-consent-off') is the one exception: it tells every desk to drop the alert at once. Its
-- payload is the same as every line's (alert id, line id, kind): nothing of the person.
CREATE OR REPLACE FUNCTION "alert_events_desk_feed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.alert_id IS NOT NULL
    AND (NEW.kind = 'firm-consent-off'
      OR EXISTS (SELECT 1 FROM users u WHERE u.id = NEW.user_id AND u.firm_consent_at IS NOT NULL)) THEN
    PERFORM pg_notify('desk_feed', NEW.alert_id::text || ':' || NEW.id::text || ':' || NEW.kind);
  END IF;
  RETURN NULL;
END
$$;
