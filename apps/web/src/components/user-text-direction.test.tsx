import { screen } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import { DataTable } from '@/components/data-table';
import { FactList } from '@/components/fact-list';
import { PageHeader } from '@/components/page';
import { render } from '@/test/render';

const NAME = 'مرحبا بودكاست!';

/** Issue 39: text users typed (names, messages) reads in its own direction in tables and details. */
describe('user text in tables and details', () => {
  it('sets dir="auto" on every data cell of a table', async () => {
    render(
      <DataTable
        label="Tip jars"
        columns={[{ key: 'name', label: 'Name', render: (row: { id: string; name: string }) => row.name }]}
        rows={[{ id: '1', name: NAME }]}
        count={1}
        loading={false}
        error={false}
        state={{ page: 1, itemsPerPage: 10 }}
        onState={() => {}}
        actionsLabel="Actions"
        actions={() => null}
      />,
    );
    expect((await screen.findByText(NAME)).closest('td')?.getAttribute('dir')).toBe('auto');
  });

  it('sets dir="auto" on the values of a detail list', async () => {
    render(<FactList facts={[['Name', NAME]]} />);
    expect((await screen.findByText(NAME)).closest('dd')?.getAttribute('dir')).toBe('auto');
  });

  it('sets dir="auto" on a page title, which may be a tip jar\'s name', async () => {
    render(<PageHeader title={NAME} />);
    expect((await screen.findByRole('heading', { level: 1 })).getAttribute('dir')).toBe('auto');
  });
});
