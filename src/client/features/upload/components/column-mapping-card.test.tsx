// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ColumnMappingCard } from './column-mapping-card';

afterEach(cleanup);

describe('ColumnMappingCard', () => {
  it('asks for each missing column and sends the headings chosen', async () => {
    const onSubmit = vi.fn();
    render(
      <ColumnMappingCard
        filename="arrears.csv"
        headings={['Occupier', 'Email', 'Premises', 'Owed']}
        missing={['Tenant Name', 'Property Address', 'Balance Due (£)']}
        isUploading={false}
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Use these columns' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Tenant Name')).toHaveAccessibleDescription(
      'The leaseholder’s name Choose the heading that holds Tenant Name.',
    );

    await user.selectOptions(screen.getByLabelText('Tenant Name'), 'Occupier');
    await user.selectOptions(screen.getByLabelText('Property Address'), 'Occupier');
    await user.selectOptions(screen.getByLabelText('Balance Due (£)'), 'Owed');
    await user.click(screen.getByRole('button', { name: 'Use these columns' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getAllByText('This heading is chosen for another column too.')).toHaveLength(2);

    await user.selectOptions(screen.getByLabelText('Property Address'), 'Premises');
    await user.click(screen.getByRole('button', { name: 'Use these columns' }));
    expect(onSubmit).toHaveBeenCalledWith({
      'Tenant Name': 'Occupier',
      'Property Address': 'Premises',
      'Balance Due (£)': 'Owed',
    });
    expect(screen.queryByText(/from the sheet/)).not.toBeInTheDocument();
  });

  it('asks which of several headings is the balance, offering those first', async () => {
    const onSubmit = vi.fn();
    render(
      <ColumnMappingCard
        filename="ledger.xlsx"
        headings={['Tenant', 'Email', 'Address', 'Balance', 'Arrears', 'Notes']}
        missing={['Balance Due (£)']}
        balanceChoices={['Balance', 'Arrears']}
        examples={['Nia Evans', '', '7 Castle Street', '1,245.50', '95.00', '']}
        isUploading={false}
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByText('Which column is the balance?')).toBeInTheDocument();
    const select = screen.getByLabelText('Balance Due (£)');
    expect(select).toHaveAccessibleDescription(
      'The amount owed, in pounds: it could be “Balance” or “Arrears”.',
    );
    const options = [...(select as HTMLSelectElement).options].map((option) => option.text);
    // Each with what its first row holds, when it holds anything.
    expect(options).toEqual([
      'Choose a heading…',
      'Balance — e.g. 1,245.50',
      'Arrears — e.g. 95.00',
      'Tenant — e.g. Nia Evans',
      'Email',
      'Address — e.g. 7 Castle Street',
      'Notes',
    ]);
    expect(screen.getByRole('group', { name: 'Other headings' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.selectOptions(select, 'Arrears');
    await user.click(screen.getByRole('button', { name: 'Use this column' }));
    expect(onSubmit).toHaveBeenCalledWith({ 'Balance Due (£)': 'Arrears' });
  });

  it('asks which column is the name when the one read as it holds codes', async () => {
    const onSubmit = vi.fn();
    render(
      <ColumnMappingCard
        filename="ledger.csv"
        headings={['Tenant', 'Addressee', 'Email', 'Address', 'Balance']}
        missing={['Tenant Name']}
        codesNotNames="Tenant"
        examples={['T0999', 'Mr B Owen', '', '13 Castle St', '40']}
        isUploading={false}
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByText('Which column is the name?')).toBeInTheDocument();
    expect(screen.getByText(/The column “Tenant” in/)).toHaveTextContent(
      'The column “Tenant” in ledger.csv holds codes, not names. Choose the one that holds each leaseholder’s name',
    );
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Tenant Name'), 'Addressee');
    await user.click(screen.getByRole('button', { name: 'Use this column' }));
    expect(onSubmit).toHaveBeenCalledWith({ 'Tenant Name': 'Addressee' });
  });

  it('names the sheet of a workbook the headings are from', () => {
    render(
      <ColumnMappingCard
        filename="Arrears October.xlsx"
        headings={['Summary', 'Total']}
        missing={['Tenant Name']}
        sheet="Arrears"
        isUploading={false}
        onSubmit={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByText(/The headings are from the sheet/)).toHaveTextContent(
      'The headings are from the sheet “Arrears”, the one most like a leaseholder list',
    );
  });
});
