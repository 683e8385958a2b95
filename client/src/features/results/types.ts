import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/router';

type Outputs = inferRouterOutputs<AppRouter>;
export type Result = Outputs['results']['list'][number];
export type ResultDetail = Outputs['results']['byId'];
export type Letter = 'A' | 'B' | 'C' | 'D';
