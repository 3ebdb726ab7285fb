import { screen, within } from '@testing-library/react';
import { RetentionFields } from '../../../../src/features/editors/scrapers/forms';
import type { TypeFormProps } from '../../../../src/features/editors/types';
import { NOT_A_NUMBER, REQUIRED } from '../../../../src/ui/form/fieldError';
import { PRESS } from '../../../support/fillFields';
import { entry, renderScraperForm, textbox } from './renderScraperForm';

/** The retention of the spec, as the editor shows it under every scraper's form. */
function SpecRetention({ disabled }: TypeFormProps) {
  return <RetentionFields prefix="spec" disabled={disabled} />;
}

describe('the retention of a scraper', () => {
  it('sends the change and type retention lists', async () => {
    const { fill, submit, submitted } = renderScraperForm(SpecRetention, {
      initialValues: { spec: { schedule: '@every 5m' } },
    });
    await fill({ 'Add change retention': PRESS });
    await fill({ 'Name (required)': 'diff', Age: '7d', Count: '100' }, entry('Change retention 1'));
    await fill({ 'Add type retention': PRESS });
    await fill(
      {
        'Name (required)': 'Kubernetes::Pod',
        'Created Age': '30d',
        'Updated Age': '14d',
        'Deleted Age': '1d',
      },
      entry('Type retention 1'),
    );
    await submit();
    expect(submitted()).toEqual({
      spec: {
        schedule: '@every 5m',
        retention: {
          changes: [{ name: 'diff', age: '7d', count: 100 }],
          types: [
            { name: 'Kubernetes::Pod', createdAge: '30d', updatedAge: '14d', deletedAge: '1d' },
          ],
        },
      },
    });
  });

  it('requires each entry’s name and a numeric count', async () => {
    const { fill, submit, onSubmit } = renderScraperForm(SpecRetention);
    await fill({ 'Add change retention': PRESS, 'Add type retention': PRESS });
    await fill({ Count: 'ten' }, entry('Change retention 1'));
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(within(entry('Change retention 1')).getByText(REQUIRED)).toBeInTheDocument();
    expect(within(entry('Change retention 1')).getByText(NOT_A_NUMBER)).toBeInTheDocument();
    expect(within(entry('Type retention 1')).getByText(REQUIRED)).toBeInTheDocument();
  });

  it('removes an entry, keeping the others', async () => {
    const { user, submit, submitted } = renderScraperForm(SpecRetention, {
      initialValues: {
        spec: {
          retention: {
            changes: [
              { name: 'diff', count: 10 },
              { name: 'Pulled', age: '1d' },
            ],
          },
        },
      },
    });
    expect(textbox('Name (required)', entry('Change retention 2'))).toHaveValue('Pulled');
    await user.click(screen.getByRole('button', { name: 'Remove change retention 1' }));
    expect(screen.queryByRole('group', { name: 'Change retention 2' })).toBeNull();
    expect(textbox('Name (required)', entry('Change retention 1'))).toHaveValue('Pulled');
    // A new entry where a removed one was starts empty.
    await user.click(screen.getByRole('button', { name: 'Add change retention' }));
    expect(textbox('Name (required)', entry('Change retention 2'))).toHaveValue('');
    await user.type(textbox('Name (required)', entry('Change retention 2')), 'Killed');
    await submit();
    expect(submitted()).toEqual({
      spec: { retention: { changes: [{ name: 'Pulled', age: '1d' }, { name: 'Killed' }] } },
    });
  });
});
