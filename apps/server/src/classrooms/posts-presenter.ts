import type { ClassroomPost } from '@bullpen/contract/classroom-posts';
import type { AuthoredPost } from './posts-service.ts';

/** The name classmates see on a post: the author's full name, else their username. */
function authorName(author: AuthoredPost['author']): string {
  if (!author) return '';
  const full = `${author.firstName} ${author.lastName}`.trim();
  return full || author.username;
}

export function presentClassroomPost({ post, author }: AuthoredPost): ClassroomPost {
  return {
    id: post.id,
    userId: post.userId,
    name: authorName(author),
    message: post.message,
    createdAt: post.createdAt.toISOString(),
  };
}
