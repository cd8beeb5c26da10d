// Projects: the list (newest first, read page by page through nextCursor as it scrolls),
// create with a name and an aspect ratio, rename with the revision.
import { useEffect } from 'react';
import { useProjects } from '../stores/projectsStore.ts';
import { CreateProjectForm } from './CreateProjectForm.tsx';
import { ProjectItem } from './ProjectItem.tsx';
import { RenameConflictDialog } from './RenameConflictDialog.tsx';
import { LoadMore } from '../components/LoadMore.tsx';
import { EmptyState } from '../components/EmptyState.tsx';
import { FolderOpen } from 'lucide-react';
import './projects.css';

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
    <section className="screen projects-screen" aria-labelledby="screen-title">
      <h1 id="screen-title">Projects</h1>
      <CreateProjectForm />
      {loaded && items.length === 0 && (
        <EmptyState icon={FolderOpen} title="No projects yet">
          A project holds the media, generations, timeline and exports of one video. Name the first one above.
        </EmptyState>
      )}
      <ul className="projects-list" aria-label="Projects" aria-busy={!loaded}>
        {items.map((project) => (
          <ProjectItem key={`${project.id}-${project.updatedAt}`} project={project} />
        ))}
      </ul>
      <MoreProjects />
      <RenameConflictDialog />
    </section>
  );
}
