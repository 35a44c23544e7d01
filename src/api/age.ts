// GET and POST /api/account/age: the age band on the signed-in account (null: not asked yet),
// and the age screen's answer, which the server keeps as a band only (contract/age.ts).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerAge, myAge } from '../../contract/age';
import { call } from './client';

export const ageBandQuery = queryOptions({
  queryKey: ['account', 'age'] as const,
  queryFn: ({ signal }) => call(myAge, { signal }),
  staleTime: 5 * 60_000,
});

export function useAgeBand(enabled: boolean) {
  return useQuery({ ...ageBandQuery, enabled });
}

export function useAnswerAge() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (birthDate: string) => call(answerAge, { body: { birth_date: birthDate } }),
    onSuccess: (answer) => client.setQueryData(ageBandQuery.queryKey, answer),
    onSettled: () => client.invalidateQueries({ queryKey: ageBandQuery.queryKey }),
  });
}
