import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExportJob } from '@bullpen/contract/privacy';
import { renderWithApp } from '@/test/render.tsx';
import { stubApi } from '@/test/stub-api.ts';
import { DataExportCard } from './DataExportCard.tsx';

const pending: ExportJob = {
  id: 7,
  status: 'pending',
  progress: 0,
  created_at: '2026-12-05T10:00:00Z',
  expires_at: '2026-12-06T10:00:00Z',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the "Download my data" card', { timeout: 30_000 }, () => {
  it('asks for an export, shows its progress, then downloads the readable page', async () => {
    let polls = 0;
    const fetchMock = stubApi(
      (method, path) => {
        if (method === 'POST' && path === '/api/privacy/exports/') {
          return { status: 202, body: pending };
        }
        if (method === 'GET' && path === '/api/privacy/exports/7/') {
          polls += 1;
          return polls === 1
            ? { status: 200, body: { ...pending, progress: 44 } }
            : { status: 200, body: { ...pending, status: 'ready', progress: 100 } };
        }
        if (method === 'GET' && path === '/api/privacy/exports/7/download/?format=html') {
          return { status: 200, body: '<!doctype html><h1>My Bullpen data</h1>' };
        }
        return undefined;
      },
      { withQuery: true },
    );
    const createObjectURL = vi.fn(() => 'blob:export');
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = vi.fn();
      },
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    await renderWithApp(<DataExportCard />);
    fireEvent.click(screen.getByRole('button', { name: 'Prepare my data' }));
    expect(await screen.findByText('Preparing the data: 44%')).toBeInTheDocument();
    const download = await screen.findByRole(
      'button',
      { name: 'Download readable page' },
      { timeout: 5_000 },
    );
    expect(screen.getByText(/The download link works until/)).toBeInTheDocument();
    fireEvent.click(download);
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/privacy/exports/7/download/?format=html',
      expect.anything(),
    );
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    click.mockRestore();
  });

  it('says so when the export failed, in Spanish too', async () => {
    stubApi((method, path) => {
      if (method === 'POST' && path === '/api/privacy/exports/') {
        return { status: 202, body: pending };
      }
      if (method === 'GET' && path === '/api/privacy/exports/7/') {
        return { status: 200, body: { ...pending, status: 'failed' } };
      }
      return undefined;
    });
    await renderWithApp(<DataExportCard />, { language: 'es' });
    fireEvent.click(screen.getByRole('button', { name: 'Preparar mis datos' }));
    expect(
      await screen.findByText('No pudimos preparar los datos. Inténtalo de nuevo.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preparar una copia nueva' })).toBeEnabled();
  });
});
