// A minimal logger so tests can silence the server and production gets timestamps.
export interface Logger {
  info(message: string): void;
  error(message: string): void;
}

export function createLogger(level: 'silent' | 'info'): Logger {
  if (level === 'silent') return { info: () => {}, error: () => {} };
  const stamp = () => new Date().toISOString();
  return {
    info: (m) => console.log(`${stamp()} ${m}`),
    error: (m) => console.error(`${stamp()} ${m}`),
  };
}
