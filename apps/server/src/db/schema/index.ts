export * from './ai';
export * from './ai-analysis';
export * from './ai-chat';
export * from './billing';
export * from './files';
export * from './identity';
export * from './instances';
export * from './plans';
