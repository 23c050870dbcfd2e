import { Link } from '@tanstack/react-router';
import { CHECK_IN_HINT, CHECK_IN_TITLE } from './check-in-texts.ts';

/** The way to set a check-in: blue, square and worded, so it can never be taken for the red round SOS button. */
export function CheckInStart() {
  return (
    <div className="check-in-start">
      <Link to="/web/check-in" className="button button--ghost button--block check-in-start__link">
        {CHECK_IN_TITLE}
      </Link>
      <p className="muted check-in-start__hint">{CHECK_IN_HINT}</p>
    </div>
  );
}
