import { editorChrome } from '../../../src/ui/form/KeyValueField';

describe('editorChrome', () => {
  const onBlur = () => undefined;

  it('keeps text help, and the error once the field was touched', () => {
    expect(
      editorChrome(
        { label: 'Labels', helperText: 'key = value' },
        { touched: true, error: 'A value needs a key' },
        onBlur,
        false,
      ),
    ).toEqual({
      label: 'Labels',
      onBlur,
      helperText: 'key = value',
      error: 'A value needs a key',
      disabled: false,
    });
  });

  it('shows no error before the field was touched or changed, and no help that is not text', () => {
    const chrome = editorChrome(
      { label: 'Tags', helperText: undefined },
      { touched: false, modified: false, error: 'A value needs a key' },
      onBlur,
      true,
    );
    expect(chrome).toMatchObject({ label: 'Tags', error: undefined, disabled: true });
    expect(chrome.helperText).toBeUndefined();
  });
});
