/** What each job kind does, for staff; a kind this release does not know shows as it is. */
const JOB_KIND_LABELS: Record<string, string> = {
  'send-message': 'Send a message',
  'send-reminder': 'Queue a reminder',
  'chase-owing': 'Chase everyone owing',
};

export function jobKindLabel(kind: string): string {
  return JOB_KIND_LABELS[kind] ?? kind;
}

/** 1,536 → "1.5 KB"; sizes of backups, in powers of 1,024 as file managers show them. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}
