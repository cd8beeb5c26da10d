// Says, beside a paid action, which project its result goes to: the one the action will
// really send (its projectId), named as the chrome names it.
import { useCurrentProject } from '../stores/currentProjectStore.ts';
import { useProjects } from '../stores/projectsStore.ts';
import './paidDestination.css';

export function PaidDestination({ projectId, what = 'The result' }: { projectId: number | null; what?: string }) {
  const current = useCurrentProject((s) => (s.project?.id === projectId ? s.project.name : null));
  const listed = useProjects((s) => s.items.find((p) => p.id === projectId)?.name ?? null);
  if (projectId === null) return null;
  return (
    <p className="ui-paid-destination">
      {what} goes to the project <strong>{current ?? listed ?? `#${projectId}`}</strong>.
    </p>
  );
}
