/** The privacy claims of the marketing copy (spec 01 §1), shown on the landing and plans pages. */
export const PRIVACY_CLAIMS = [
  {
    title: 'No training on your data.',
    text: 'Your sources, cards and chats are never used to train AI models.',
  },
  {
    title: 'SOC 2.',
    text: 'Our security controls follow the SOC 2 framework.',
  },
  {
    title: 'GDPR.',
    text: 'You can see, export and delete your data; requests are honoured within 30 days.',
  },
  {
    title: 'COPPA.',
    text: 'Mnemo is for learners 13 and older; from 13 to 17 with the consent of a parent, guardian or school.',
  },
] as const;
