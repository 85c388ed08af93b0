/**
 * Whether the subject filter `filter` (tokens separated by dots; `*` one token, a last `>` one or
 * more) takes `subject`, as JetStream matches a stream's subjects. @internal
 */
export const subjectCovers = (filter: string, subject: string): boolean => {
  const f = filter.split('.');
  const s = subject.split('.');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '>') return i === f.length - 1 && s.length > i;
    if (i >= s.length || (f[i] !== '*' && f[i] !== s[i])) return false;
  }
  return f.length === s.length;
};
