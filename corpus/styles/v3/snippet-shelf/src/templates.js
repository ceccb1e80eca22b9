import {api} from './api';

// The "New file from template" drawer: .gitignore, Dockerfile and license templates.
const cache = {};

async function cached(key, load) {
	if (!cache[key]) {
		cache[key] = load().catch(error => {
			delete cache[key];
			throw error;
		});
	}
	return cache[key];
}

export const gitignores = () => cached('gitignores', () => api.get('gitignores').json());

export const gitignore = name => cached(`gitignore:${name}`, () => api.get(`gitignores/${name}`).json());

export const dockerfiles = () => cached('dockerfiles', () => api.get('dockerfiles').json());

export const dockerfile = name => cached(`dockerfile:${name}`, () => api.get(`dockerfiles/${name}`).json());

export function licence(key, project, fullname) {
	const query = new URLSearchParams({project, fullname}).toString();
	return api.get(`licences/${key}?${query}`).json();
}

export function renderInto(element, template) {
	element.textContent = template.content;
	element.dataset.template = template.name;
}
