// One small logging seam. Lines are plain Spanish/English text and must never
// carry codes, tokens, addresses, positions or e-mail bodies: callers pass ids.

export type LogLevel = 'info' | 'warn' | 'error';
export type Log = Record<LogLevel, (message: string) => void>;

export function consoleLog(): Log {
  const line = (level: LogLevel) => (message: string) => {
    const text = `${new Date().toISOString()} ${level} ${message}\n`;
    if (level === 'info') process.stdout.write(text);
    else process.stderr.write(text);
  };
  return { info: line('info'), warn: line('warn'), error: line('error') };
}
