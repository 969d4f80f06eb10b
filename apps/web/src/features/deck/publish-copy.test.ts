import { describe, expect, it } from 'vitest';
import { publishDialogCopy } from './publish-copy';

describe('publishDialogCopy', () => {
  it("says what publishing does, with the product's name", () => {
    expect(publishDialogCopy(true)).toMatchObject({
      title: 'Publish Deck',
      confirm: 'Publish Deck',
      text: 'Publishing will make this deck visible to all Mnemo users in the Explore section.',
    });
  });

  it('says what unpublishing does', () => {
    expect(publishDialogCopy(false)).toMatchObject({
      title: 'Unpublish Deck',
      confirm: 'Unpublish Deck',
      text: 'Unpublishing will make this deck private again. It will no longer be visible in the Explore section.',
    });
  });
});
