import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { render } from '@/test/render';
import { CsvDownloadButtons } from './csv-download-buttons';

describe('CsvDownloadButtons (decision 084)', () => {
  afterEach(() => setLanguage('en'));

  it('offers the file for a program and the one for Dutch Excel, in Dutch too', async () => {
    setLanguage('nl');
    const onDownload = vi.fn(async () => {});
    render(<CsvDownloadButtons label="Fooien downloaden" onDownload={onDownload} />);
    fireEvent.click(await screen.findByRole('button', { name: 'CSV voor Excel (NL)' }));
    await waitFor(() => expect(onDownload).toHaveBeenCalledWith('semicolon'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'CSV' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'CSV' }));
    await waitFor(() => expect(onDownload).toHaveBeenLastCalledWith('comma'));
    expect(screen.getByRole('group', { name: 'Fooien downloaden' })).toBeTruthy();
  });
});
