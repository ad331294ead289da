export * from './core';
export * from './auth';
