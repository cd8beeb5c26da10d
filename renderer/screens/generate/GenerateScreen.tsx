// Generate: make images, video or audio for the current project from a model's form, see
// the cost before submitting, and follow each generation until its outputs show in place.
import { useEffect } from 'react';
import { invoke } from '../../client/clipdesk.ts';
import { useCurrentProject } from '../../stores/currentProjectStore.ts';
import { useGenerate } from '../../stores/generateStore.ts';
import { GenerateForm } from './GenerateForm.tsx';
import { GenerationList } from './GenerationList.tsx';
import '../media/media.css';
import './generate.css';

export function GenerateScreen() {
  const projectId = useCurrentProject((s) => s.projectId);
  const project = useCurrentProject((s) => s.project ?? undefined);
  const showProject = useGenerate((s) => s.showProject);

  useEffect(() => {
    if (projectId !== null) void showProject(projectId);
  }, [projectId, showProject]);

  useEffect(() => {
    // The wallet as it is now, for the estimate (account.me updates the status bar too).
    void invoke('account.me').catch(() => undefined);
  }, []);

  return (
    <section className="screen generate-screen" aria-labelledby="screen-title">
      <header className="app-screen-head">
        <h1 id="screen-title">Generate</h1>
      </header>
      <div className="gen-generate-layout">
        <GenerateForm project={project} />
        <GenerationList projectId={projectId} />
      </div>
    </section>
  );
}
