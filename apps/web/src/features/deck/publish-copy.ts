/** The product's name in the publishing text (spec 02 §4: "all {product} users"). */
export const PRODUCT_NAME = 'Mnemo';

/** The publish confirmation's words (spec 02 §4). */
export const PUBLISH_MESSAGES = {
  publishTitle: 'Publish Deck',
  unpublishTitle: 'Unpublish Deck',
  publishText: `Publishing will make this deck visible to all ${PRODUCT_NAME} users in the Explore section.`,
  unpublishText:
    'Unpublishing will make this deck private again. It will no longer be visible in the Explore section.',
  // Ours: the spec names the anonymous option but not its words, nor the tooltips.
  anonymousOption: 'Publish anonymously (your name is not shown)',
  publishHint: 'Publish this deck to Explore',
  unpublishHint: 'Published in Explore: click to unpublish',
} as const;

/** The dialog's heading, text and confirm button for publishing or unpublishing. */
export function publishDialogCopy(publishing: boolean): {
  title: string;
  text: string;
  confirm: string;
  pending: string;
} {
  return publishing
    ? {
        title: PUBLISH_MESSAGES.publishTitle,
        text: PUBLISH_MESSAGES.publishText,
        confirm: PUBLISH_MESSAGES.publishTitle,
        pending: 'Publishing...',
      }
    : {
        title: PUBLISH_MESSAGES.unpublishTitle,
        text: PUBLISH_MESSAGES.unpublishText,
        confirm: PUBLISH_MESSAGES.unpublishTitle,
        pending: 'Unpublishing...',
      };
}
