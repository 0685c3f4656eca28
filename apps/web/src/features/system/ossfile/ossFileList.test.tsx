import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../components/tree/testing';
import { useRealApi } from '../../students/backoffice/testing/realApi';
import OssFileListPage from './OssFileList.page';

// 文件管理 against the real server: a file chosen in the page is uploaded (progress to 100), listed with
// its size and uploader by the server, and deleted with its stored file.
configure({ asyncUtilTimeout: 8000 });
const api = useRealApi();

describe('文件管理 page (real server)', () => {
  it('uploads a file with a progress bar, lists it and deletes it', async () => {
    api.signIn(['system:ossFile:list', 'system:ossFile:upload', 'system:ossFile:delete']);
    renderWithProviders(
      <MemoryRouter>
        <OssFileListPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('文件上传')).toBeInTheDocument();
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['防火安全须知'], '防火须知.txt', { type: 'text/plain' })] } });
    const progress = await screen.findByRole('progressbar', { name: '上传进度' });
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '100'));
    // the table row (the progress bar names the file too) once the list is reloaded
    const row = await waitFor(() => {
      const tr = screen.getAllByText('防火须知.txt').map((e) => e.closest('tr')).find(Boolean);
      expect(tr).toBeTruthy();
      return tr!;
    });
    expect(within(row).getByText(`${new TextEncoder().encode('防火安全须知').length} B`)).toBeInTheDocument();
    expect(within(row).getByText('admin')).toBeInTheDocument();
    const stored = (await api.call('GET', '/sys/oss/file/list?fileName=防火须知.txt')).result.records;
    expect(stored).toHaveLength(1);

    fireEvent.click(within(row).getByText('删除'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(async () => expect((await api.call('GET', '/sys/oss/file/list?fileName=防火须知.txt')).result.total).toBe(0));
    expect(await api.call('GET', `/sys/common/static/${stored[0].url}`)).toMatchObject({ success: false, message: '文件不存在' });
  }, 30_000);
});
