import { screen, within } from '@testing-library/react';
import { RetentionFields } from '../../../../src/features/editors/scrapers/forms';
import type { TypeFormProps } from '../../../../src/features/editors/types';
import { NOT_A_NUMBER, REQUIRED } from '../../../../src/ui/form/fieldError';
import { entry, renderScraperForm, textbox } from './renderScraperForm';

/** The retention of the spec, as the editor shows it under every scraper's form. */
function SpecRetention({ disabled }: TypeFormProps) {
  return <RetentionFields prefix="spec" disabled={disabled} />;
}

describe('the retention of a scraper', () => {
  it('sends the change and type retention lists', async () => {
    const { user, submit, submitted } = renderScraperForm(SpecRetention, {
      initialValues: { spec: { schedule: '@every 5m' } },
    });
    await user.click(screen.getByRole('button', { name: 'Add change retention' }));
    const change = entry('Change retention 1');
    await user.type(textbox('Name (required)', change), 'diff');
    await user.type(textbox('Age', change), '7d');
    await user.type(textbox('Count', change), '100');
    await user.click(screen.getByRole('button', { name: 'Add type retention' }));
    const type = entry('Type retention 1');
    await user.type(textbox('Name (required)', type), 'Kubernetes::Pod');
    await user.type(textbox('Created Age', type), '30d');
    await user.type(textbox('Updated Age', type), '14d');
    await user.type(textbox('Deleted Age', type), '1d');
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
    const { user, submit, onSubmit } = renderScraperForm(SpecRetention);
    await user.click(screen.getByRole('button', { name: 'Add change retention' }));
    await user.click(screen.getByRole('button', { name: 'Add type retention' }));
    await user.type(textbox('Count', entry('Change retention 1')), 'ten');
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
