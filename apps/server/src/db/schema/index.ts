export * from './files';
export * from './identity';
export * from './plans';
export * from './billing';
export * from './ai';
