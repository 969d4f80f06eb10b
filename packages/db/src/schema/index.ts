export * from './identity';
export * from './decks';
export * from './chat';
export * from './billing';
export * from './review';
export * from './classes';
