// Who made a revision, in words for the History panel: this app (the revision was sent with
// the workspace's own key), another client (another key, named), a signed-in editor session,
// or the service itself. The service says which key; the app knows only its own key's last
// four, so another app using the same key also reads as "this app".
import type { RevisionEntry } from '../../shared/api/editorRevisions.ts';

export function revisionAuthorText(author: RevisionEntry['author'], ownKeyLastFour: string | null): string {
  if (!author) return 'the service';
  if (author.kind === 'key') {
    const ending = author.lastFour ? ` …${author.lastFour}` : '';
    if (ownKeyLastFour !== null && author.lastFour === ownKeyLastFour) return 'this app';
    return `another client (key “${author.name}”${ending})`;
  }
  if (author.kind === 'session') return `another client (${author.name.toLowerCase()})`;
  return author.name;
}
