/**
 * The desk's query keys, as the desk's screens name them (the contract between
 * the desk's features): the active list, and one alert's case. The live link
 * refreshes exactly these.
 */
export const deskKeys = {
  all: ['desk'] as const,
  alerts: ['desk', 'alerts'] as const,
  case: (alertId: string) => ['desk', 'case', alertId] as const,
};
