// The Jobs screen's filters: one kind of work, one state, one project (of those in the list).
import { Field } from '../../components/Field.tsx';
import type { JobRow } from '../../../shared/ipc/jobsView.ts';
import { useJobs } from '../../stores/jobsStore.ts';
import { useProjects } from '../../stores/projectsStore.ts';
import { JOB_STATE_CHOICES, type JobFilter } from '../../model/jobs/jobFilter.ts';
import { kindName } from './jobText.ts';

export function JobFilters({ rows }: { rows: readonly JobRow[] }) {
  const filter = useJobs((s) => s.filter);
  const setFilter = useJobs((s) => s.setFilter);
  const projects = useProjects((s) => s.items);
  const kinds = [...new Set(rows.map((r) => r.kind))].sort();
  const projectIds = [...new Set(rows.map((r) => r.projectId).filter((id): id is number => id !== null))];
  const nameOf = (id: number) => projects.find((p) => p.id === id)?.name ?? `Project #${id}`;
  return (
    <div className="jobs-filters" role="search" aria-label="Filter jobs">
      <Field label="Kind" inline>
        {(control) => (
          <select {...control} value={filter.kind} onChange={(e) => setFilter({ kind: e.target.value })}>
            <option value="all">All kinds</option>
            {[...new Set([...kinds, ...(filter.kind === 'all' ? [] : [filter.kind])])].map((kind) => (
              <option key={kind} value={kind}>
                {kindName(kind)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="State" inline>
        {(control) => (
          <select
            {...control}
            value={filter.state}
            onChange={(e) => setFilter({ state: e.target.value as JobFilter['state'] })}
          >
            <option value="all">All states</option>
            {Object.entries(JOB_STATE_CHOICES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="In project" inline>
        {(control) => (
          <select
            {...control}
            value={String(filter.project)}
            onChange={(e) => {
              const value = e.target.value;
              setFilter({ project: value === 'all' || value === 'none' ? value : Number(value) });
            }}
          >
            <option value="all">All projects</option>
            {projectIds.map((id) => (
              <option key={id} value={id}>
                {nameOf(id)}
              </option>
            ))}
            <option value="none">No project</option>
          </select>
        )}
      </Field>
    </div>
  );
}
