import http from './http'

export const LEVELS = { guest: 10, reporter: 20, developer: 30, master: 40 }

// Projects the signed-in lead works on: the console only manages those.
export function myProjects (page = 1) {
  return http.get('/projects', { params: { per_page: 50, page, order_by: 'name', sort: 'asc' } })
    .then(res => ({ items: res.data, total: Number(res.headers['x-total']) }))
}

export function createProject ({ name, namespaceId, level, description }) {
  return http.post('/projects', {
    name,
    namespace_id: namespaceId,
    description,
    visibility_level: level,
    request_access_enabled: true
  }).then(res => res.data)
}

export function addMember (projectId, userId, role) {
  return http.post(`/projects/${projectId}/members`, { user_id: userId, access_level: LEVELS[role] })
    .then(res => res.data)
    .catch(error => {
      if (error.response && error.response.status === 422) {
        return Promise.reject(new Error('That role cannot be given here (check the group\'s settings).'))
      }
      return Promise.reject(error)
    })
}

export function changeRole (projectId, userId, role) {
  return http.put(`/projects/${projectId}/members/${userId}`, { access_level: LEVELS[role] })
    .then(res => res.data)
}

export function searchUsers (term) {
  return http.get('/users', { params: { search: term, per_page: 10 } }).then(res => res.data)
}
