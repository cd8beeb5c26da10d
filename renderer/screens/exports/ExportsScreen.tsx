// Exports: every export of the workspace (newest first, read page by page as it scrolls)
// with its state, progress (and the time left) and price; a finished one can be downloaded. Exports are made
// from the timeline (the export editor comes with it).
import { Download } from 'lucide-react';
import { Button } from '../../components/Button.tsx';
import { useEffect } from 'react';
import type { Export } from '../../../shared/api/createTypes.ts';
import { FORMAT_FACTS, FORMATS } from '../../../shared/api/outputSettings.ts';
import { useExports } from '../../stores/exportsStore.ts';
import { useProjects } from '../../stores/projectsStore.ts';
import { dateTimeText } from '../../model/dateTimeText.ts';
import { money, percent, stateName } from '../jobs/jobText.ts';
import '../jobs/workTable.css';
import { LoadMore } from '../../components/LoadMore.tsx';
import { TimeLeft } from '../../components/TimeLeft.tsx';

/** What an export rendered: the project's timeline (at a revision) or a list of clips. */
function madeFrom(item: Export): string {
  if (item.source === 'timeline') return `Timeline${item.timeline ? ` ${item.timeline.revision}` : ''}`;
  if (!item.clips) return '—';
  return `${item.clips.length} ${item.clips.length === 1 ? 'clip' : 'clips'}`;
}

/** The file made, as the dialog names its format (a still is a PNG); a format this app does not know, as the service sent it. */
function fileLabel(item: Export): string {
  if (item.timeline && 'still' in item.timeline && item.timeline.still) return 'PNG still';
  const format = item.output?.format ?? 'mp4';
  const known = FORMATS.find((f) => f === format);
  return known ? FORMAT_FACTS[known].label : format;
}

function duration(ms: number | undefined): string {
  if (typeof ms !== 'number') return '—';
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function ExportLine({ item, projectName }: { item: Export; projectName: string }) {
  const progress = useExports((s) => s.progress[item.id]);
  const downloading = useExports((s) => s.downloading === item.id);
  const download = useExports((s) => s.download);
  const title = `Export #${item.id}`;
  const finished = item.state === 'completed' && typeof item.assetId === 'number';
  const underWay = item.state === 'queued' || item.state === 'running';
  return (
    <tr className={`work-export work-export-${item.state}`}>
      <th scope="row">{title}</th>
      <td>{projectName}</td>
      <td className="work-export-state">
        {stateName(item.state)}
        {item.error && (
          <div className="work-job-error">
            {item.error.message} <code className="work-code">{item.error.code}</code>
          </div>
        )}
      </td>
      <td>
        {underWay ? (
          progress === undefined ? (
            <progress aria-label={`Progress of ${title}`} />
          ) : (
            <span className="work-progress-cell">
              <progress aria-label={`Progress of ${title}`} value={progress} max={1} /> {percent(progress)}{' '}
              <TimeLeft progress={progress} className="work-muted" />
            </span>
          )
        ) : (
          <span className="work-muted">—</span>
        )}
      </td>
      <td className="work-number">{duration(item.durationMs)}</td>
      <td>
        {madeFrom(item)}
        {item.output?.resolution && (
          <div className="work-muted">
            {fileLabel(item)}, {item.output.resolution}, {item.output.frameRate} fps, {item.output.quality}
          </div>
        )}
      </td>
      <td className="work-number">{money(item.costUsd)}</td>
      <td>{dateTimeText(item.createdAt)}</td>
      <td>
        {finished && (
          <Button
            size="sm"
            icon={Download}
            onClick={() => void download(item)}
            disabled={downloading}
            aria-label={`Download ${title}`}
          >
            {downloading ? 'Downloading…' : 'Download'}
          </Button>
        )}
      </td>
    </tr>
  );
}

function MoreExports() {
  const nextCursor = useExports((s) => s.nextCursor);
  const loading = useExports((s) => s.loading);
  const loadMore = useExports((s) => s.loadMore);
  return <LoadMore hasMore={nextCursor !== null} loading={loading} onLoadMore={loadMore} label="Load more exports" />;
}

export function ExportsScreen() {
  const items = useExports((s) => s.items);
  const loaded = useExports((s) => s.loaded);
  const loadFirst = useExports((s) => s.loadFirst);
  const projects = useProjects((s) => s.items);

  useEffect(() => {
    void loadFirst();
  }, [loadFirst]);

  const projectName = (item: Export) => {
    const project = projects.find((p) => p.id === item.projectId);
    if (project) return project.name;
    return typeof item.projectId === 'number' ? `Project #${item.projectId}` : '—';
  };

  return (
    <section className="screen exports-screen" aria-labelledby="screen-title" aria-busy={!loaded}>
      <h1 id="screen-title">Exports</h1>
      <p className="work-muted">Finished videos of your projects. A finished export can be downloaded.</p>
      {loaded && items.length === 0 ? (
        <p>No exports yet: an export made from a project's timeline shows here.</p>
      ) : (
        <table className="work-table" aria-label="Exports">
          <thead>
            <tr>
              <th scope="col">Export</th>
              <th scope="col">Project</th>
              <th scope="col">State</th>
              <th scope="col">Progress</th>
              <th scope="col">Length</th>
              <th scope="col">Made from</th>
              <th scope="col">Cost</th>
              <th scope="col">Created</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <ExportLine key={item.id} item={item} projectName={projectName(item)} />
            ))}
          </tbody>
        </table>
      )}
      <MoreExports />
    </section>
  );
}
