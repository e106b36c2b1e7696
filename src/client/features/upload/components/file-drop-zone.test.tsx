// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileDropZone } from './file-drop-zone';

afterEach(cleanup);

function renderZone(isDisabled = false) {
  const onFile = vi.fn();
  render(<FileDropZone isDisabled={isDisabled} onFile={onFile} />);
  const input = screen.getByTestId('upload-input') as HTMLInputElement;
  const openPicker = vi.spyOn(input, 'click').mockImplementation(() => {});
  const zone = screen.getByRole('button', { name: 'Drop your spreadsheet here Choose a file' });
  return { onFile, openPicker, zone };
}

describe('FileDropZone', () => {
  it('opens the file picker when the zone itself is clicked, not only its label', async () => {
    const { openPicker } = renderZone();
    await userEvent.click(screen.getByText('Drop your spreadsheet here'));
    expect(openPicker).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByText(/up to 5 MB/));
    expect(openPicker).toHaveBeenCalledTimes(2);
  });

  it('is one tab stop, and Enter or Space opens the file picker', async () => {
    const { openPicker, zone } = renderZone();
    await userEvent.tab();
    expect(zone).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(openPicker).toHaveBeenCalledTimes(1);
    await userEvent.keyboard(' ');
    expect(openPicker).toHaveBeenCalledTimes(2);
    await userEvent.tab();
    expect(document.body).toHaveFocus();
    expect(zone).toHaveAccessibleDescription(/CSV or Excel \(\.csv, \.xlsx, \.xls\), up to 5 MB/);
  });

  it('uses only the first dropped file, and none while disabled', () => {
    const first = new File(['a'], 'first.csv', { type: 'text/csv' });
    const second = new File(['b'], 'second.csv', { type: 'text/csv' });
    const { onFile, zone, openPicker } = renderZone();
    fireEvent.drop(zone, { dataTransfer: { files: [first, second] } });
    expect(onFile).toHaveBeenCalledExactlyOnceWith(first);
    cleanup();

    const disabled = renderZone(true);
    expect(disabled.zone).toBeDisabled();
    fireEvent.drop(disabled.zone, { dataTransfer: { files: [first] } });
    fireEvent.click(disabled.zone);
    expect(disabled.onFile).not.toHaveBeenCalled();
    expect(disabled.openPicker).not.toHaveBeenCalled();
    expect(openPicker).not.toHaveBeenCalled();
  });
});
