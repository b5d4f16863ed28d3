import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from 'react-bootstrap';
import { Link } from 'react-router';
import { AdminPage } from '@/components/admin/AdminPage';
import { ConfirmButton } from '@/components/admin/ConfirmButton';
import { TextField } from '@/components/admin/fields';
import { useSearchQuery } from '@/components/admin/useListParams';
import { LoadingBlock } from '@/components/LoadingBlock';
import { SearchForm } from '@/components/SearchForm';
import { useTranslation } from '@/i18n/useTranslation';
import { formatDate } from '@/lib/format';
import { toast } from '@/toasts/toastStore';
import { type BlogPost, blogPostsQuery, useRemovePost } from './blogQueries';

function PostRow({ post }: { post: BlogPost }) {
  const { t, i18n } = useTranslation();
  const remove = useRemovePost();
  const [reason, setReason] = useState('');
  return (
    <li className="addme-card p-3" data-testid="admin-post">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span className="fw-semibold">{post.title}</span>
        <span className={`badge text-bg-${post.visible ? 'success' : 'secondary'}`}>
          {post.visible ? t('ops.blog.visible') : t('ops.blog.hidden')}
        </span>
        <span className="ms-auto small text-body-secondary">
          {formatDate(post.published_at, i18n.language)}
        </span>
      </div>
      <div className="small text-body-secondary text-break">/blog/{post.slug}</div>
      {post.summary && <p className="small mb-2">{post.summary}</p>}
      <div className="d-flex flex-wrap gap-2 align-items-end mt-2">
        <Link to={`/admin/edit/blog?id=${post.id}`} className="btn btn-accent btn-touch">
          {t('ops.blog.edit')}
        </Link>
        {post.visible && (
          <Link to={`/blog/${post.slug}`} className="btn btn-outline-secondary btn-touch">
            {t('ops.blog.view')}
          </Link>
        )}
        <div className="ms-sm-auto d-flex gap-2 align-items-end">
          <TextField
            id={`remove-${post.id}`}
            label={t('ops.blog.removeReason')}
            size="sm"
            value={reason}
            maxLength={300}
            onChange={(e) => setReason(e.target.value)}
          />
          <ConfirmButton
            className="btn btn-outline-danger btn-touch"
            disabled={remove.isPending || reason.trim().length < 3}
            question={t('ops.blog.removeConfirm', { title: post.title })}
            onConfirm={() =>
              remove.mutate(
                { id: post.id, reason: reason.trim() },
                {
                  onSuccess: () => toast.success(t('ops.blog.removed')),
                  onError: () => toast.danger(t('ops.blog.notRemoved')),
                },
              )
            }
          >
            {t('ops.blog.remove')}
          </ConfirmButton>
        </div>
      </div>
    </li>
  );
}

/** /admin/blog: every post, hidden ones too; write a new one, edit, publish or remove. */
export function BlogAdmin() {
  const { t } = useTranslation();
  const { q, search } = useSearchQuery();
  const posts = useQuery(blogPostsQuery(q));
  return (
    <AdminPage
      title={t('ops.blog.title')}
      action={
        <Link to="/admin/edit/blog" className="btn btn-accent btn-touch ms-auto">
          {t('ops.blog.newPost')}
        </Link>
      }
    >
      <SearchForm
        label={t('ops.blog.search')}
        submitText={t('ops.blog.find')}
        initial={q}
        onSearch={search}
      />
      {posts.isPending ? (
        <LoadingBlock height="6rem" />
      ) : posts.isError ? (
        <Alert variant="danger">{t('ops.blog.loadFailed')}</Alert>
      ) : posts.data.data.length > 0 ? (
        <ul className="list-unstyled d-flex flex-column gap-2">
          {posts.data.data.map((post) => (
            <PostRow key={post.id} post={post} />
          ))}
        </ul>
      ) : (
        <p className="text-body-secondary">{t('ops.blog.empty')}</p>
      )}
    </AdminPage>
  );
}
