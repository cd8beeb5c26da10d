// Projects: the list (newest first, read page by page through nextCursor as it scrolls),
// create with a name and an aspect ratio, rename with the revision.
import { useEffect } from 'react';
import { useProjects } from '../stores/projectsStore.ts';
import { CreateProjectForm } from './CreateProjectForm.tsx';
import { ProjectItem } from './ProjectItem.tsx';
import { RenameConflictDialog } from './RenameConflictDialog.tsx';
import { LoadMore } from '../components/LoadMore.tsx';

function MoreProjects() {
  const nextCursor = useProjects((s) => s.nextCursor);
  const loading = useProjects((s) => s.loading);
  const loadMore = useProjects((s) => s.loadMore);
  return <LoadMore hasMore={nextCursor !== null} loading={loading} onLoadMore={loadMore} label="Load more projects" />;
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
