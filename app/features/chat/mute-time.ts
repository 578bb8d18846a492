/** When a mute ends, as a chat says it: the day and time, short, in the page's language. */
export function muteEnds(iso: string, bcp47: string): string {
  return new Intl.DateTimeFormat(bcp47, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
}
