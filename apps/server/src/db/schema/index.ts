export * from './identity';
export * from './plans';
