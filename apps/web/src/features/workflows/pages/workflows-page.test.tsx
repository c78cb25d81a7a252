import { WORKFLOW_MESSAGES, type Workflow } from '@stratos/contracts/workflows/workflow.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';

const apiRequest = vi.fn();
vi.mock('../../../lib/api-client', () => ({ apiRequest: (...args: unknown[]) => apiRequest(...args) }));
let role: string | null = 'user';
vi.mock('../../../lib/auth-session', () => ({
  useSession: () =>
    role
      ? { status: 'signedIn', user: { id: 'u', email: 'u@x.test', name: 'U', role, permissions: [] } }
      : { status: 'signedOut', user: null },
}));
const { default: WorkflowsPage } = await import('./workflows-page');

const workflow = (over: Partial<Workflow> = {}): Workflow => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'File invoices',
  description: 'Moves invoices',
  status: 'inactive',
  trigger: { type: 'manual' },
  steps: [{ type: 'analyze' }],
  success_rate: 75,
  runs: 4,
  activeRuns: 0,
  lastRun: '2026-11-20T10:00:00.000Z',
  created: '2026-11-01T10:00:00.000Z',
  signingSecret: 'secret-secret-secret',
  ...over,
});

const folders = [
  {
    id: '00000000-0000-4000-8000-0000000000f1',
    name: 'Inbox',
    parentId: null,
    createdAt: '2026-11-01T10:00:00.000Z',
  },
  {
    id: '00000000-0000-4000-8000-0000000000f2',
    name: 'invoices',
    parentId: '00000000-0000-4000-8000-0000000000f1',
    createdAt: '2026-11-01T10:00:00.000Z',
  },
];

/** Answers GET /workflows with `list`, folders with a nested pair, and anything else with `other`. */
function serve(
  list: () => unknown,
  other: (path: string, opts: { method?: string }) => unknown = () => ({}),
) {
  apiRequest.mockImplementation(async (path: string, opts: { method?: string } = {}) => {
    if (path === '/workflows' && (opts.method ?? 'GET') === 'GET') return list();
    if (path === '/folders') return { success: true, folders, truncated: false };
    return other(path, opts);
  });
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AntApp>
          <WorkflowsPage />
        </AntApp>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  role = 'user';
  apiRequest.mockReset();
});
afterEach(cleanup);

// The first render loads antd under a busy machine: more than the default 5 s.
describe('workflows page', { timeout: 20_000 }, () => {
  it('shows the workflow fields from the list', async () => {
    serve(() => [workflow()]);
    renderPage();
    expect(await screen.findByText('File invoices')).toBeTruthy();
    expect(screen.getByText('Moves invoices')).toBeTruthy();
    expect(screen.getByText('inactive')).toBeTruthy();
    expect(screen.getByText('75% (4 runs)')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Start/ })).toBeTruthy();
  });

  it('hides Start while running', async () => {
    serve(() => [workflow({ status: 'running' })]);
    renderPage();
    await screen.findByText('File invoices');
    expect(screen.queryByRole('button', { name: /Start/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Stop/ })).toBeTruthy();
  });

  it('says a reply that is not an array is invalid, and names the reason of a failed fetch', async () => {
    serve(() => ({ success: true, data: [] }));
    renderPage();
    expect(await screen.findByText(WORKFLOW_MESSAGES.invalidData)).toBeTruthy();
    cleanup();
    serve(() => {
      throw new ApiError(500, 'INTERNAL', 'Internal server error');
    });
    renderPage();
    expect(await screen.findByText(WORKFLOW_MESSAGES.fetchFailed('Internal server error'))).toBeTruthy();
  });

  it('reports failed start, stop and delete with the catalogue messages', async () => {
    serve(
      () => [workflow()],
      () => {
        throw new ApiError(409, 'CONFLICT', 'Nope');
      },
    );
    renderPage();
    await screen.findByText('File invoices');
    fireEvent.click(screen.getByRole('button', { name: /Start/ }));
    expect(await screen.findByText(`${WORKFLOW_MESSAGES.startFailed} Nope`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Stop/ }));
    expect(await screen.findByText(`${WORKFLOW_MESSAGES.stopFailed} Nope`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText(WORKFLOW_MESSAGES.confirmDelete)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1) as HTMLElement);
    expect(await screen.findByText(`${WORKFLOW_MESSAGES.deleteFailed} Nope`)).toBeTruthy();
  });

  it('keeps Create disabled while the trimmed name is empty, and reports a failed create', async () => {
    serve(
      () => [],
      () => {
        throw new ApiError(400, 'VALIDATION_ERROR', WORKFLOW_MESSAGES.nameRequired);
      },
    );
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: 'Create' }));
    const button = () => screen.getByRole('button', { name: /Create workflow/ }) as HTMLButtonElement;
    expect(button().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '   ' } });
    fireEvent.blur(screen.getByLabelText('Name'));
    expect(button().disabled).toBe(true);
    expect(await screen.findByText(WORKFLOW_MESSAGES.nameRequired)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Tidy' } });
    expect(button().disabled).toBe(false);
    fireEvent.click(button());
    expect(await screen.findByText(WORKFLOW_MESSAGES.createFailed)).toBeTruthy();
    await waitFor(() =>
      expect(apiRequest).toHaveBeenCalledWith(
        '/workflows',
        expect.objectContaining({ method: 'POST', body: expect.objectContaining({ name: 'Tidy' }) }),
      ),
    );
  });

  it('edits a workflow in the same form, filled in; shows a refused save, then saves', async () => {
    let refuse = true;
    serve(
      () => [workflow({ trigger: { type: 'manual', folderId: folders[1]?.id, fileType: 'pdf' } })],
      (path, opts) => {
        if (path.endsWith('/history')) return { success: true, data: [] };
        if (opts.method === 'PUT' && refuse) {
          refuse = false;
          throw new ApiError(400, 'VALIDATION_ERROR', 'A rename pattern cannot contain slashes');
        }
        if (opts.method === 'PUT') return { success: true, data: workflow({ name: 'File bills' }) };
        return {};
      },
    );
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: 'Details' }));
    // The nested folder is named by its path (on the card and in the details).
    expect(
      (await screen.findAllByText('By hand (Run now), on the newest 50 PDF files in Inbox / invoices'))
        .length,
    ).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: /Edit/ }));
    const name = (await screen.findByLabelText('Name')) as HTMLInputElement;
    expect(name.value).toBe('File invoices');
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('Moves invoices');
    expect(screen.getByText('1. Analyse with AI')).toBeTruthy();
    expect(screen.getByText('Run now acts on the newest 50 files of this type in the folder.')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'File bills' } });
    fireEvent.click(screen.getByRole('button', { name: /Save changes/ }));
    expect(await screen.findByText(WORKFLOW_MESSAGES.updateFailed)).toBeTruthy();
    expect(screen.getByText('A rename pattern cannot contain slashes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Save changes/ }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Save changes/ })).toBeNull());
    expect(apiRequest).toHaveBeenCalledWith(
      '/workflows/00000000-0000-4000-8000-0000000000a1',
      expect.objectContaining({
        method: 'PUT',
        body: expect.objectContaining({
          name: 'File bills',
          trigger: { type: 'manual', folderId: folders[1]?.id, fileType: 'pdf' },
          steps: [{ type: 'analyze' }],
        }),
      }),
    );
  });

  it('watches the list and a history every 2 s only while a run is queued or running', async () => {
    const { workflowsQueryOptions } = await import('../api/list-workflows');
    const { historyQueryOptions } = await import('../api/workflow-history');
    const every = (opts: { refetchInterval?: unknown }, data: unknown) =>
      (opts.refetchInterval as (q: { state: { data: unknown } }) => number | false)({ state: { data } });
    expect(every(workflowsQueryOptions, [workflow({ activeRuns: 1 }), workflow()])).toBe(2_000);
    expect(every(workflowsQueryOptions, [workflow()])).toBe(false);
    const run = (status: string) => ({ id: 'r', status });
    expect(every(historyQueryOptions('w'), [run('success'), run('running')])).toBe(2_000);
    expect(every(historyQueryOptions('w'), [run('queued')])).toBe(2_000);
    expect(every(historyQueryOptions('w'), [run('success'), run('error')])).toBe(false);
    // A run the history does not show yet (an upload's): the list says one is active.
    expect(every(historyQueryOptions('w', true), [run('success')])).toBe(2_000);
  });

  it('denies access to a visitor without an allowed role, naming the role', async () => {
    role = null;
    renderPage();
    expect(screen.getByText(WORKFLOW_MESSAGES.accessDenied)).toBeTruthy();
    expect(screen.getByText('Your current role: not signed in')).toBeTruthy();
  });
});
