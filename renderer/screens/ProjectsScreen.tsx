// Projects: the list (newest first, read page by page through nextCursor as it scrolls),
// create with a name and an aspect ratio, rename with the revision.
import { useEffect, useRef } from 'react';
import { useProjects } from '../stores/projectsStore.ts';
import { CreateProjectForm } from './CreateProjectForm.tsx';
import { ProjectItem } from './ProjectItem.tsx';
import { RenameConflictDialog } from './RenameConflictDialog.tsx';

function MoreProjects() {
  const nextCursor = useProjects((s) => s.nextCursor);
  const loading = useProjects((s) => s.loading);
  const loadMore = useProjects((s) => s.loadMore);
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || nextCursor === null) return;
    // Reading on when the end of the list scrolls into view; the button does the same by keyboard.
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void loadMore();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [nextCursor, loadMore]);

  if (nextCursor === null) return null;
  return (
    <div ref={sentinel} className="more">
      <button type="button" onClick={() => void loadMore()} disabled={loading}>
        {loading ? 'Loading…' : 'Load more projects'}
      </button>
    </div>
  );
}

export function ProjectsScreen() {
  const items = useProjects((s) => s.items);
  const loaded = useProjects((s) => s.loaded);
  const loadFirst = useProjects((s) => s.loadFirst);

  useEffect(() => {
    if (!loaded) void loadFirst();
  }, [loaded, loadFirst]);

  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title">Projects</h1>
      <CreateProjectForm />
      {loaded && items.length === 0 && <p>No projects yet: create the first one above.</p>}
      <ul className="projects" aria-label="Projects" aria-busy={!loaded}>
        {items.map((project) => (
          <ProjectItem key={`${project.id}-${project.updatedAt}`} project={project} />
        ))}
      </ul>
      <MoreProjects />
      <RenameConflictDialog />
    </section>
  );
}
