import type { Log, LogLevel } from '#server/log.ts';

export type CapturedLog = Log & { lines: { level: LogLevel; message: string }[]; text(): string };

/** A logger that keeps every line, so tests can read what would have been logged. */
export function captureLog(): CapturedLog {
  const lines: CapturedLog['lines'] = [];
  const at = (level: LogLevel) => (message: string) => void lines.push({ level, message });
  return {
    lines,
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    text: () => lines.map((l) => `${l.level} ${l.message}`).join('\n'),
  };
}
